// Questions about a change already made are reads; requests for a change are not. Written for this
// rule (not taken from any benchmark set).
import { describe, expect, it } from 'vitest';
import { classifyIntent } from '../../../src/search/request/intent.js';
import { setRuleAblationForBenchmarks } from '../../../src/search/request/rule-ablation.js';

describe('a question about what changed is a read', () => {
  it.each([
    // wh-questions with a past tense or participle in -ed
    ['what changed since Monday', 'read'],
    ['which invoices were updated last week?', 'read'],
    ['who renamed the shared folder', 'read'],
    ['when was the backup removed?', 'read'],
    ['what got erased from the drive', 'read'],
    // a participle that looks like the base form, after be/have/get
    ['which options were set by the installer?', 'read'],
    // the base form after the past auxiliary "did"
    ['what did the script delete?', 'read'],
    // yes/no questions opened by an auxiliary
    ['has the price list been edited?', 'read'],
    ['were any tickets deleted today?', 'read'],
    // an embedded question
    ['tell me which accounts were created this month', 'read'],
    ['do you know which pages got removed', 'read'],
    // requests for a change keep their verb: imperatives, modals, procedures
    ['delete the logs that changed', 'delete'],
    ['update the rows that were imported', 'write'],
    ['which tickets should be deleted?', 'delete'],
    ['what can I remove to free space', 'delete'],
    ['can you delete the old drafts?', 'delete'],
    ['how do I delete a branch', 'delete'],
    ['create a report listing what changed', 'write'],
    // a second sentence asks for the change
    ['what changed? delete it', 'delete'],
  ])('%s -> %s', (request, intent) => {
    expect(classifyIntent(request).intent).toBe(intent);
  });

  it('the asked-about verb weighs nothing and is read; the question word decides', () => {
    const r = classifyIntent('which users were deleted?');
    expect([r.intent, r.scores, r.verbs.map((v) => `${v.verb}:${v.intent}`), r.actions]).toEqual([
      'read',
      { read: 1, write: 0, delete: 0 },
      ['which:read', 'delete:read'],
      ['read'],
    ]);
  });

  it('with the rule switched off the change verb counts as before', () => {
    setRuleAblationForBenchmarks(['stateQuestions']);
    try {
      expect(classifyIntent('which users were deleted?').intent).toBe('delete');
    } finally {
      setRuleAblationForBenchmarks([]);
    }
  });
});
