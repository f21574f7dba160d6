export * from './accounts';
export * from './api-keys';
export * from './auth';
export * from './billing';
export * from './common';
export * from './mail';
export * from './template-render';
export * from './templates';
