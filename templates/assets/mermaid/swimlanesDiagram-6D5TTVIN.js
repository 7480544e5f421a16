import{a as e,b as o}from"./chunk-SVHOGJPR.js";import"./chunk-A3LLD7C6.js";import"./chunk-CG7VIXT6.js";import"./chunk-AEP47HME.js";import"./chunk-IJTDMCXQ.js";import"./chunk-UGEUIIAL.js";import"./chunk-5LJW3EUZ.js";import"./chunk-C7QCCU7L.js";import"./chunk-767MNKTJ.js";import"./chunk-3NO356PZ.js";import"./chunk-Z2IEFKAF.js";import"./chunk-3DCBE5TA.js";import"./chunk-JENJ2NYI.js";import"./chunk-FRYFDGAD.js";import"./chunk-KNGDTZMA.js";import"./chunk-UCIVM6JH.js";import"./chunk-PNVTB6QF.js";import"./chunk-EB7S5WDG.js";import"./chunk-VHEAKMU3.js";import"./chunk-VLFMOWSA.js";import"./chunk-NXZFCOWJ.js";import{a as r}from"./chunk-V3YWWTDH.js";var s=r(t=>`${e(t)}
  .swimlane.cluster:not([data-color-id]) rect {
    stroke: ${t.clusterBorder} !important;
  }
  [data-look="neo"].cluster rect {
    filter: none;
  }
`,"getStyles"),l=s;var p=o({styles:l});export{p as diagram};
