export * from './constants.js';
export * from './enumerations.js';
