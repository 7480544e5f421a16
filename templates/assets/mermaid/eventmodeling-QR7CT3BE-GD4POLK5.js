import{a as e,b as o}from"./chunk-4J7XMMR5.js";import"./chunk-MWUZ53VY.js";import"./chunk-V3YWWTDH.js";export{e as EventModelingModule,o as createEventModelingServices};
