/** The inspector page's script as a string, provided at build time by `pageScriptModule` (src/adapters/inspect/page-script.ts). */
declare module 'turnchart:inspector-page-script' {
  const script: string;
  export default script;
}
