import{a as e,b as r}from"./chunk-SQB72GJH.js";import"./chunk-MWUZ53VY.js";import"./chunk-V3YWWTDH.js";export{e as WardleyModule,r as createWardleyServices};
