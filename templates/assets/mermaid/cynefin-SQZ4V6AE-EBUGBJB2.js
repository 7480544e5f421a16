import{a as e,b as r}from"./chunk-FB4HB4A2.js";import"./chunk-MWUZ53VY.js";import"./chunk-V3YWWTDH.js";export{e as CynefinModule,r as createCynefinServices};
