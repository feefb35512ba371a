export * from './auth-schemas.ts';
export * from './constants.ts';
export * from './enums.ts';
export * from './format.ts';
export * from './hangul.ts';
export * from './messages.ts';
export * from './schemas-common.ts';
export * from './stock-schemas.ts';
