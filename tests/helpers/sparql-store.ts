import { DataFactory } from 'n3';
import { QuadStore } from '../../src/rdf/quad-store.js';
import type { Quad, Term } from '@rdfjs/types';
import { MdkgError } from '../../src/errors.js';
import { computeSchemaProfile } from '../../src/rdf/schema-profile.js';
import type { QueryResult, QueryTarget } from '../../src/sparql/types.js';

const { namedNode, literal, quad } = DataFactory;

export const SCHEMA = 'https://schema.org/';
export const MDKG = 'https://w3id.org/mdkg/vocab#';
export const TOOL = 'https://w3id.org/mdkg/tool/';
export const DOC = 'https://w3id.org/mdkg/doc/';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const XSD_INTEGER = 'http://www.w3.org/2001/XMLSchema#integer';

/** Three tool documents, each in its own named graph; nothing in the default graph. */
export function toolQuads(): Quad[] {
  const t = (name: string) => namedNode(`${TOOL}fs/${name}`);
  const g = (name: string) => namedNode(`${DOC}tools/${name}`);
  const type = namedNode(RDF_TYPE);
  const tool = namedNode(`${MDKG}Tool`);
  const name = namedNode(`${SCHEMA}name`);
  return [
    quad(t('read_file'), type, tool, g('read_file')),
    quad(t('read_file'), name, literal('Read file'), g('read_file')),
    quad(t('read_file'), namedNode(`${SCHEMA}description`), literal('Read a file', 'en'), g('read_file')),
    quad(t('read_file'), namedNode(`${MDKG}requires`), t('list_dir'), g('read_file')),
    quad(t('list_dir'), type, tool, g('list_dir')),
    quad(t('list_dir'), name, literal('List directory'), g('list_dir')),
    quad(t('list_dir'), namedNode(`${MDKG}priority`), literal('2', namedNode(XSD_INTEGER)), g('list_dir')),
    quad(t('write_file'), type, tool, g('write_file')),
    quad(t('write_file'), name, literal('Write file'), g('write_file')),
  ];
}

/** A query target over mdkg's QuadStore (the store every loaded graph uses). */
export function targetOf(quads: Iterable<Quad> | QuadStore, documents = 0): QueryTarget & { store: QuadStore } {
  let store: QuadStore;
  if (quads instanceof QuadStore) store = quads;
  else {
    store = new QuadStore();
    store.addQuads(quads);
  }
  return { store, profile: computeSchemaProfile(store, {}, documents) };
}

export function toolTarget(): QueryTarget & { store: QuadStore } {
  return targetOf(toolQuads(), 3);
}

/** `n` quads spread over 10 named graphs: enough for a cartesian product that cannot finish fast. */
export function bigTarget(n: number): QueryTarget {
  const store = new QuadStore();
  for (let i = 0; i < n; i += 1) {
    store.addQuad(
      quad(namedNode(`http://example.org/s${i}`), namedNode(`http://example.org/p${i % 7}`), literal(`v${i}`), namedNode(`http://example.org/g${i % 10}`)),
    );
  }
  return targetOf(store);
}

/** Rows as `var=value` strings (IRIs full, literals by value), for exact assertions. */
export function rowsOf(result: QueryResult): string[][] {
  if (result.kind !== 'bindings') throw new Error(`expected bindings, got ${result.kind}`);
  return result.rows.map((row) => result.variables.filter((v) => row[v] !== undefined).map((v) => `${v}=${(row[v] as Term).value}`));
}

/** The MdkgError a promise rejects with (fails the test on success or another error). */
export async function rejection(promise: Promise<unknown>): Promise<MdkgError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MdkgError) return error;
    throw error;
  }
  throw new Error('expected an MdkgError');
}
