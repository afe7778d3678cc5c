// Water styling (spec 3 §9): pipe flow (< 0.4 red, > 1.5 orange, otherwise normal) and service point end pressure
// (≥ 250 normal, < 250 red). Values come from the object instance attribute values.
import type { Rgba } from '../types';
import { rgba } from './colors';

export const WATER_FLOW_LOW = 0.4;
export const WATER_FLOW_HIGH = 1.5;
export const END_PRESSURE_MIN = 250;

export type WaterFlowClass = 'low' | 'normal' | 'high';
export function waterFlowClass(v: number): WaterFlowClass | null {
  if (!Number.isFinite(v)) return null;
  if (v < WATER_FLOW_LOW) return 'low';
  if (v > WATER_FLOW_HIGH) return 'high';
  return 'normal';
}
export function waterFlowColor(v: number): Rgba | null {
  const c = waterFlowClass(v);
  return c === null ? null : c === 'low' ? rgba('red') : c === 'high' ? rgba('orange') : rgba('blue');
}

export type EndPressureClass = 'normal' | 'low';
export function endPressureClass(p: number): EndPressureClass | null {
  if (!Number.isFinite(p)) return null;
  return p >= END_PRESSURE_MIN ? 'normal' : 'low';
}
export function endPressureColor(p: number): Rgba | null {
  const c = endPressureClass(p);
  return c === null ? null : c === 'low' ? rgba('red') : rgba('blue');
}

/** Reads a numeric attribute value by attribute type name from objectInstances[].attributeValues (or a flat prop). */
export function attributeNumber(props: Record<string, unknown>, name: string): number | null {
  const flat = props[name];
  if (flat !== undefined && flat !== null && flat !== '') return Number(flat);
  const instances = props.objectInstances;
  if (!Array.isArray(instances)) return null;
  for (const inst of instances) {
    const values = (inst as { attributeValues?: { attributeTypeName: string; value: string | null }[] }).attributeValues;
    const hit = values?.find((v) => v.attributeTypeName === name);
    if (hit && hit.value !== null && hit.value !== '') return Number(hit.value);
  }
  return null;
}
