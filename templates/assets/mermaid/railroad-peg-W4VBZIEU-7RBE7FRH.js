import{a as e,b as r}from"./chunk-QQEUQRS4.js";import"./chunk-MWUZ53VY.js";import"./chunk-V3YWWTDH.js";export{e as RailroadPegModule,r as createRailroadPegServices};
