/** The dashboard's profit panel in Spanish, loaded only when Spanish is shown. */
export default {
  title: 'Beneficio',
  summary_one: 'Este mes: {{count}} expediente cerrado, beneficio {{profit}}',
  summary_other: 'Este mes: {{count}} expedientes cerrados, beneficio {{profit}}',
  report: 'Beneficio por cliente',
};
