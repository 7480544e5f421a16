import{a as r,b as o}from"./chunk-ETFDQZFQ.js";import"./chunk-MWUZ53VY.js";import"./chunk-V3YWWTDH.js";export{r as RailroadEbnfModule,o as createRailroadEbnfServices};
