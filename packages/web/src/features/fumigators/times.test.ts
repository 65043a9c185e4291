import { describe, expect, it } from 'vitest';
import { maskTime, normalizeTime } from './times';

describe('maskTime', () => {
  it.each([
    ['0830', '08:30'],
    ['083', '08:3'],
    ['08', '08'],
    ['8:3', '8:3'],
    ['08:305', '08:30'],
    ['ab12:x4', '12:4'],
    ['', ''],
  ])('keeps %j as %j', (typed, masked) => {
    expect(maskTime(typed)).toBe(masked);
  });
});

describe('normalizeTime', () => {
  it.each([
    ['08:30', '08:30'],
    ['8:30', '08:30'],
    ['8', '08:00'],
    ['23:59', '23:59'],
    [' 00:00 ', '00:00'],
  ])('reads %j as %j', (typed, time) => {
    expect(normalizeTime(typed)).toBe(time);
  });

  it.each(['24:00', '12:60', '8:3', '', '123', 'ab'])('refuses %j', (typed) => {
    expect(normalizeTime(typed)).toBeNull();
  });
});
