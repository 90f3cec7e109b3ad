import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

// zod/mini carries no words of its own: English for every issue, as zod's classic API sets on its first schema.
// Every module reads zod through this one (`import * as z from '../domain/zod.js'`), so none checks without them.
config(en());

export * from 'zod/mini';
