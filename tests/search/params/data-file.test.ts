import { describe, expect, it } from 'vitest';
import paramsData from '../../../src/search/params/data/search-params.json' with { type: 'json' };
import rerankData from '../../../src/search/params/data/rerank.json' with { type: 'json' };
import calibrationData from '../../../src/search/params/data/calibration.json' with { type: 'json' };
import { checkFitFile, mergeDisjoint } from '../../../src/search/params/data-file.js';
import { DEFAULT_SEARCH_PARAMS, searchParamsFromFile } from '../../../src/search/params/search-params.js';
import { DEFAULT_RERANK, rerankModelFromFile } from '../../../src/search/params/rerank-model.js';
import { calibrationFromFile, DEFAULT_CALIBRATION } from '../../../src/search/params/calibration-model.js';

const envelope = { description: 'd', provenance: { commit: 'abc', script: 's', options: {}, datasets: [] }, priors: {}, fitted: {} };

describe('fitted data files', () => {
  it('merges priors and fitted values, keeping the order of the priors', () => {
    const merged = mergeDisjoint({ a: { x: 1 }, b: 2, c: {} }, { c: { y: 3 }, a: { z: 4 }, d: 5 }, 'f');
    expect(merged).toEqual({ a: { x: 1, z: 4 }, b: 2, c: { y: 3 }, d: 5 });
    expect(Object.keys(merged)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses a value that is both a prior and fitted', () => {
    expect(() => mergeDisjoint({ a: { x: 1 } }, { a: { x: 2 } }, 'f.json')).toThrow("f.json: 'a.x' is both a prior and fitted");
  });

  it('refuses an envelope with other keys, or a fitted test split', () => {
    expect(() => checkFitFile({ ...envelope, model: {} }, 'f.json')).toThrow(
      'f.json: must have exactly the keys description, provenance, priors, fitted; got description,fitted,model,priors,provenance',
    );
    const test = { ...envelope, provenance: { ...envelope.provenance, datasets: [{ name: 'x', split: 'test', sha256: 'h', fitted: true }] } };
    expect(() => checkFitFile(test, 'f.json')).toThrow('f.json: a test split must never be fitted on');
  });

  it('the shipped files read as the defaults', () => {
    expect(searchParamsFromFile(paramsData)).toEqual(DEFAULT_SEARCH_PARAMS);
    expect(rerankModelFromFile(rerankData)).toEqual(DEFAULT_RERANK);
    expect(calibrationFromFile(calibrationData)).toEqual(DEFAULT_CALIBRATION);
  });

  it('refuses a missing, unknown or non-finite value', () => {
    const { depth: _depth, ...noDepth } = rerankData.priors;
    expect(() => rerankModelFromFile({ ...rerankData, priors: noDepth }, 'r.json')).toThrow(
      "r.json: '(root)' must have exactly the keys depth, weights; got weights",
    );
    expect(() => rerankModelFromFile({ ...rerankData, fitted: { weights: { ...rerankData.fitted.weights, extra: 1 } } }, 'r.json')).toThrow(
      /^r\.json: 'weights' must have exactly the keys/,
    );
    const { first } = calibrationData.fitted.model;
    const bad = { ...calibrationData, fitted: { model: { ...calibrationData.fitted.model, first: { ...first, intercept: null } } } };
    expect(() => calibrationFromFile(bad, 'c.json')).toThrow("c.json: 'model.first.intercept' must be a finite number, got null");
    const one = { ...calibrationData, fitted: { model: first } };
    expect(() => calibrationFromFile(one, 'c.json')).toThrow("c.json: 'model' must have exactly the keys first, others; got coefficients, intercept");
    const noK1 = { ...paramsData, fitted: { ...paramsData.fitted, bm25: { fields: paramsData.fitted.bm25.fields } } };
    expect(() => searchParamsFromFile(noK1, 'p.json')).toThrow("p.json: 'bm25' must have exactly the keys coord, fields, k1; got coord, fields");
  });
});
