// Whether confidence can be trusted, over answerable requests and requests no tool answers
// (`expected: []`): the first result's confidence against whether it is right (a first result of
// a no-answer request is never right; no result at all counts as confidence 0).
import { expectedCalibrationError } from './metrics.js';

/** The first result of one query. */
export interface TopSample {
  /** Confidence of the first hit; 0 when there is no hit. */
  confidence: number;
  /** The first hit is relevant (always false for a no-answer request). */
  correct: boolean;
  answerable: boolean;
}

export interface ConfidenceMetrics {
  answerable: number;
  noAnswer: number;
  /** Top-1 ECE over answerable and no-answer requests. */
  ece1All: number | null;
  /** Share of no-answer requests whose first result claims confidence ≥ 0.5 (target ≤ 0.05). */
  noAnswerConfident: number | null;
  /** AUROC of the first result's confidence separating a right first result from a wrong one or a no-answer request (target ≥ 0.90). */
  auroc: number | null;
  /** Among requests whose first result has confidence ≥ 0.5: the share where it is right (target ≥ 0.90). */
  precision50: number | null;
  /** Requests whose first result has confidence ≥ 0.5. */
  covered50: number;
}

export const CONFIDENT = 0.5;

/**
 * Area under the ROC curve: the probability that a random positive outscores a random negative,
 * ties counting half (Mann–Whitney U from ranks). Null without positives or negatives.
 */
export function auroc(scores: readonly { score: number; positive: boolean }[]): number | null {
  const positives = scores.filter((s) => s.positive).length;
  const negatives = scores.length - positives;
  if (positives === 0 || negatives === 0) return null;
  const sorted = [...scores].sort((a, b) => a.score - b.score);
  let rankSum = 0;
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && sorted[j]!.score === sorted[i]!.score) j += 1;
    const meanRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k += 1) if (sorted[k]!.positive) rankSum += meanRank;
    i = j;
  }
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

export function confidenceMetrics(tops: readonly TopSample[]): ConfidenceMetrics {
  const noAnswer = tops.filter((t) => !t.answerable);
  const confident = tops.filter((t) => t.confidence >= CONFIDENT);
  return {
    answerable: tops.length - noAnswer.length,
    noAnswer: noAnswer.length,
    ece1All: expectedCalibrationError(tops.map((t) => ({ confidence: t.confidence, relevant: t.correct }))),
    noAnswerConfident: noAnswer.length === 0 ? null : noAnswer.filter((t) => t.confidence >= CONFIDENT).length / noAnswer.length,
    auroc: auroc(tops.map((t) => ({ score: t.confidence, positive: t.correct }))),
    precision50: confident.length === 0 ? null : confident.filter((t) => t.correct).length / confident.length,
    covered50: confident.length,
  };
}
