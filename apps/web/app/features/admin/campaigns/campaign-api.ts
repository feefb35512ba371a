import type { campaignPreviewSchema, campaignSentSchema } from '@beesang/contract';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { postJson } from '../shared/admin-fetch';

/** How many members a campaign reaches (now, and at 08:00 KST), and its text as they will read it. */
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;
export type CampaignSent = z.infer<typeof campaignSentSchema>;
export interface CampaignInput {
  title: string;
  body: string;
  url: string;
}

export const CAMPAIGNS_PATH = '/api/admin/campaigns';
export const campaignPreviewPath = (input: CampaignInput) => `${CAMPAIGNS_PATH}/preview?${new URLSearchParams({ ...input }).toString()}`;

export const previewCampaign = (input: CampaignInput, signal?: AbortSignal) =>
  apiFetch<CampaignPreview>(campaignPreviewPath(input), { signal });

/** Sent (or held until 08:00 for those without the night-time consent); audited by the API. */
export const sendCampaign = (input: CampaignInput) => postJson<CampaignSent>(CAMPAIGNS_PATH, input);
