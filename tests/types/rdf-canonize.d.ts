declare module 'rdf-canonize' {
  const canonize: unknown;
  export default canonize;
}
