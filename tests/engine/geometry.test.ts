// Planar geometry helpers (engine/geometry.ts), the one module for them: point equality within 0.01 (spec 3 §5),
// projection on a segment and on a line, line length, bounding box and splitting a line (spec 3 §4).
import { describe, expect, it } from 'vitest';
import { bboxOf, dist, lineLength, pointsEqual, projectOnLine, projectOnSegment, splitLine } from 'engine/geometry';

describe('planar geometry', () => {
  it('points are equal within 0.01, also after rounding to two decimals', () => {
    expect(pointsEqual([0, 0], [0.01, -0.01])).toBe(true);
    expect(pointsEqual([0.1, 0.2], [0.11, 0.21])).toBe(true);
    expect(pointsEqual([0, 0], [0.011, 0])).toBe(false);
    expect(pointsEqual([0, 0], [2, 0], 2)).toBe(true);
  });

  it('projects on a segment, clamped to its ends', () => {
    expect(projectOnSegment([5, 3], [0, 0], [10, 0])).toEqual({ point: [5, 0], t: 0.5, distance: 3 });
    expect(projectOnSegment([-4, 3], [0, 0], [10, 0])).toEqual({ point: [0, 0], t: 0, distance: 5 });
    expect(projectOnSegment([1, 1], [2, 2], [2, 2])).toEqual({ point: [2, 2], t: 0, distance: dist([1, 1], [2, 2]) });
  });

  it('projects on a line: the first nearest segment, or null without a segment', () => {
    const line: [number, number][] = [[0, 0], [10, 0], [10, 10]];
    expect(projectOnLine([9, 4], line)).toEqual({ point: [10, 4], t: 0.4, distance: 1, segment: 1 });
    expect(projectOnLine([12, -2], line)).toMatchObject({ point: [10, 0], segment: 0 });
    expect(projectOnLine([1, 1], [[0, 0]])).toBeNull();
  });

  it('measures and boxes a line', () => {
    expect(lineLength([[0, 0], [3, 4], [3, 10]])).toBe(11);
    expect(bboxOf([[3, 4], [-1, 7], [2, -2]])).toEqual([-1, -2, 3, 7]);
  });

  it('splits a line at its body, not at its ends or away from it', () => {
    const line: [number, number][] = [[0, 0], [10, 0], [10, 10]];
    expect(splitLine(line, [4, 0.005])).toMatchObject({ position: 'body', chunks: [[[0, 0], [4, 0]], [[4, 0], [10, 0], [10, 10]]], segment: 0 });
    expect(splitLine(line, [10, 0])).toMatchObject({ position: 'body', chunks: [[[0, 0], [10, 0]], [[10, 0], [10, 10]]] });
    expect(splitLine(line, [0.005, 0]).position).toBe('head');
    expect(splitLine(line, [10, 10]).position).toBe('tail');
    expect(splitLine(line, [5, 1])).toEqual({ position: 'none', chunks: [] });
  });
});
