/**
 * Style sheets imported for their side effect (OpenLayers' `ol/ol.css`): Vite bundles them; for
 * the type checker they are modules without exports. TypeScript 7 checks side-effect imports
 * (`noUncheckedSideEffectImports` on by default), so they need this declaration.
 */
declare module "*.css";
