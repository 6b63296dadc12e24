import { z } from 'zod';
import { trailPage } from '../upstream/trail-channel';
import { codcredor } from './fields';

/** tracking.view: a screen view, with the creditor when the screen is about one. */
export const trackViewInput = z.object({ page: trailPage, codcredor: codcredor.optional() });
