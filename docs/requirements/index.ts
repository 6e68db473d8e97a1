import { administrationRequirements } from './administration.js';
import { artifactRequirements } from './artifacts.js';
import { controls } from './controls.js';
import { documentLifecycleRequirements } from './document-lifecycle.js';
import { platformRequirements } from './platform.js';
import { productRequirements } from './product.js';
import type { Requirement } from './types.js';

export type { Control, Requirement, Risk } from './types.js';
export { controls };

/** The catalogue: every requirement, the regulation controls last. */
export const requirements: Requirement[] = [
  ...platformRequirements,
  ...administrationRequirements,
  ...artifactRequirements,
  ...documentLifecycleRequirements,
  ...productRequirements,
  ...controls,
];

export const requirementIds = new Set(requirements.map((r) => r.id));
