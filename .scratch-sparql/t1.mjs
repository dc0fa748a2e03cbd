import sparqljs from 'sparqljs';
const { Parser } = sparqljs;
const p = new Parser({ prefixes: { schema: 'https://schema.org/' }, skipValidation: false });
for (const q of ['SELECT * WHERE {\n  ?s ?p ?o .\n  ?s schema:name ?n ?? \n}', 'SELECT * WHERE { ?s foo:bar ?o }', 'SELECT * WHERE {\n ?s ?p ?o }\n LIMIT x', 'SELECT ?x WHERE { ?s ?p ?o } GROUP BY ?s', 'INSERT DATA { <a> <b> <c> }; DROP ALL', 'SELECT * WHERE {']) {
  try { const r = p.parse(q); console.log(JSON.stringify(r).slice(0,400)); } catch (e) { console.log('ERR', JSON.stringify(e.message), JSON.stringify(e.hash), Object.keys(e)); }
}
