import { config } from 'zod';
import fr from 'zod/v4/locales/fr.js';

/**
 * Zod's own messages in French, for every rule whose message the spec does not give. Every schema
 * module imports this file for its effect; they import zod itself as `import * as z from 'zod'`,
 * which bundlers tree-shake (zod's named `z` export would carry all of zod and its 60 languages
 * into every Lambda and the SPA). `z` is re-exported here for type positions only.
 */
config(fr());

export type { z } from 'zod';
