import * as z from 'zod';
import fr from 'zod/v4/locales/fr.js';

/**
 * Zod's own messages in French, for every rule whose message the spec does not give.
 * Imported by every schema module so that server and SPA speak the same language. Only the French
 * locale is imported, so bundles do not carry zod's other languages.
 */
z.config(fr());

export { z };
