// Route classes (spec 3 §3): each route strategy has a fixed colour (product values not shown; chosen here).
import type { Rgba } from '../types';
import { rgba, type ColorName } from './colors';

export const ROUTE_CLASSES = ['minimal_distance', 'minimal_cost', 'minimal_cost_alternative', 'minimal_private', 'centerline', 'other'] as const;
export type RouteClass = (typeof ROUTE_CLASSES)[number];
const ROUTE_COLOR: Record<RouteClass, ColorName> = {
  minimal_distance: 'blue', minimal_cost: 'green', minimal_cost_alternative: 'turquoise', minimal_private: 'violet',
  centerline: 'orange', other: 'grey',
};
export function routeClass(v: unknown): RouteClass {
  return (ROUTE_CLASSES as readonly unknown[]).includes(v) ? (v as RouteClass) : 'other';
}
export function routeClassColor(v: unknown): Rgba {
  return rgba(ROUTE_COLOR[routeClass(v)]);
}
