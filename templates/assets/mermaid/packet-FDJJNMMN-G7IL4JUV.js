import{a as e,b as r}from"./chunk-FCGY7WDG.js";import"./chunk-MWUZ53VY.js";import"./chunk-V3YWWTDH.js";export{e as PacketModule,r as createPacketServices};
