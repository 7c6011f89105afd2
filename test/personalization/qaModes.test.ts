import { afterEach, describe, expect, it, vi } from 'vitest';
import { previewModes, traceMode } from '../../src/personalization/qaModes';
import { fakeJar } from './fakeJar';

const q = (search: string) => new URLSearchParams(search);

afterEach(() => vi.unstubAllGlobals());

describe('previewModes', () => {
  it('reads QA mode from the at_preview_* parameters and keeps it in at_qa_mode for a session', () => {
    const { jar, values, sets } = fakeJar();
    const modes = previewModes(
      jar,
      q(
        '?at_preview_token=tok&at_preview_index=1_2&at_preview_index=3_1&at_preview_listed_activities_only=true&at_preview_evaluate_as_true_audience_ids=11,12&at_preview_evaluate_as_false_audience_ids=13',
      ),
    );
    expect(modes.qaMode).toEqual({
      token: 'tok',
      listedActivitiesOnly: true,
      evaluateAsTrueAudienceIds: [11, 12],
      evaluateAsFalseAudienceIds: [13],
      previewIndexes: [
        { activityIndex: 1, experienceIndex: 2 },
        { activityIndex: 3, experienceIndex: 1 },
      ],
    });
    expect(sets.find(([name]) => name === 'at_qa_mode')![2]!.days! * 86_400_000).toBeCloseTo(1_860_000, 0);
    // The next page has no parameters: the cookie carries it.
    expect(previewModes(jar, q('')).qaMode?.token).toBe('tok');
    // An empty token leaves QA mode.
    expect(previewModes(jar, q('?at_preview_token=')).qaMode).toBeUndefined();
    expect(values.has('at_qa_mode')).toBe(false);
  });
  it('reads a preview token (at_preview) and keeps it in at_preview_mode', () => {
    const { jar } = fakeJar();
    expect(previewModes(jar, q('?at_preview=pv')).preview).toBe('pv');
    expect(previewModes(jar, q('')).preview).toBe('pv');
    expect(previewModes(jar, q('?at_preview=')).preview).toBeUndefined();
  });
  it('ignores a broken QA cookie', () => {
    expect(previewModes(fakeJar({ at_qa_mode: '{oops' }).jar, q('')).qaMode).toBeUndefined();
  });
});

describe("Adobe's QA links", () => {
  it('audience ids in the underscore-separated form QA links carry are kept', () => {
    const { jar } = fakeJar();
    const modes = previewModes(
      jar,
      q('?at_preview_token=tok&at_preview_evaluate_as_true_audience_ids=11_12_x&at_preview_evaluate_as_false_audience_ids=13_14'),
    );
    expect(modes.qaMode).toMatchObject({ evaluateAsTrueAudienceIds: [11, 12], evaluateAsFalseAudienceIds: [13, 14] });
  });

  it('mboxTrace with an authorization token asks for the trace; either alone does not', () => {
    expect(traceMode(fakeJar().jar, q('?mboxTrace=console&authorization=abc'))).toEqual({ to: 'console', authorizationToken: 'abc' });
    expect(traceMode(fakeJar().jar, q('?mboxTrace=window&authorization=abc'))).toEqual({ to: 'window', authorizationToken: 'abc' });
    expect(traceMode(fakeJar().jar, q('?mboxTrace=json&authorization=abc'))).toEqual({ to: 'json', authorizationToken: 'abc' });
    expect(traceMode(fakeJar().jar, q('?mboxTrace=disable&authorization=abc'))).toBeUndefined();
    expect(traceMode(fakeJar().jar, q('?mboxTrace=console'))).toBeUndefined();
    expect(traceMode(fakeJar().jar, q('?authorization=abc'))).toBeUndefined();
    expect(traceMode(fakeJar().jar, q('?mboxTrace=alert&authorization=abc'))).toBeUndefined();
  });

  it('the trace session goes on over the next pages until ?mboxTrace=disable', () => {
    const { jar, values } = fakeJar();
    traceMode(jar, q('?mboxTrace=json&authorization=abc'));
    expect(traceMode(jar, q(''))).toEqual({ to: 'json', authorizationToken: 'abc' });
    expect(traceMode(jar, q('?mboxTrace=console&authorization=def'))).toEqual({ to: 'console', authorizationToken: 'def' });
    expect(traceMode(jar, q('?mboxTrace=disable'))).toBeUndefined();
    expect(values.size).toBe(0);
    expect(traceMode(jar, q(''))).toBeUndefined();
  });

  it("a token in Adobe's mboxDebugTools cookie asks for the trace, shown only in the network response", () => {
    expect(traceMode(fakeJar({ mboxDebugTools: 'tok' }).jar, q(''))).toEqual({ authorizationToken: 'tok' });
    expect(traceMode(fakeJar({ mboxDebugTools: 'tok' }).jar, q('?mboxTrace=window'))).toEqual({ authorizationToken: 'tok' });
  });

  it('a lone authorization parameter (some other use of the name) is neither sent nor kept', () => {
    const { jar, values } = fakeJar();
    expect(traceMode(jar, q('?authorization=Bearer%20xyz'))).toBeUndefined();
    expect(values.size).toBe(0);
  });
});
