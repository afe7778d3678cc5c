// Project settings shared by the server and the web app (spec 2 §2, §3, §8, §9): field metadata, templates per
// project type, settings tabs, the validator, AP cabinets and OAPs, and settings profiles. See README.md.
export * from './fields';
export * from './constants';
export * from './project-types';
export * from './cabinets';
export * from './parts';
export * from './templates';
export * from './tabs';
export * from './validate';
export * from './profiles';
