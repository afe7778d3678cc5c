// Constants of the street-level imagery panel (spec 3 §9).

/** Length of the view direction indicator (the field-of-view cone) on the map, in metres on the ground. */
export const DIRECTION_INDICATOR_LENGTH = 40;
/** Debounce of the visible features sent to the viewer (ms). */
export const FEATURES_DEBOUNCE_MS = 100;
/** Debounce of the viewer's orientation drawn on the map (ms). */
export const ORIENTATION_DEBOUNCE_MS = 50;
/** Layer name the street-level 401/403 are reported under to the layer error observer. */
export const STREET_LEVEL_LAYER = 'streetLevel';
/** Notification key of a failed viewer initialisation (spec 3 §8). */
export const INIT_FAILED_KEY = 'workflow.notification.cyclomedia_failed_init';
