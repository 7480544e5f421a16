import{a as r,b as o}from"./chunk-QQ4VTD2Z.js";import"./chunk-MWUZ53VY.js";import"./chunk-V3YWWTDH.js";export{r as RailroadModule,o as createRailroadServices};
