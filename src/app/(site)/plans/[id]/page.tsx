import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { PlanPage } from '@/components/plans/plan-page';
import { AppError } from '@/server/lib/errors';
import { planIdSchema } from '@/server/modules/plans/plans.schema';
import { getPlanOrThrow } from '@/server/modules/plans/plans.service';

// /plans/{id}: a reading plan (issue 24 item 5; docs/decisions/050-reading-plans.md). One HTML for
// every reader, kept by the plan page cache (decision 031); the reader's own part comes after it.

type Props = { params: Promise<{ id: string }> };

/** The plan, or null when there is none (one lookup per request, shared with generateMetadata). */
const loadPlan = cache(async (id: string) => {
  if (!planIdSchema.safeParse(id).success) return null;
  try {
    return await getPlanOrThrow(null, id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const plan = await loadPlan((await params).id);
  if (!plan) return { title: 'Page not found', robots: { index: false } };
  return {
    title: `${plan.title} · Reading plan`,
    description: plan.description || `A ${plan.totalDays}-day reading plan from ${plan.publication.name}.`,
    alternates: { canonical: `/plans/${plan.id}` },
  };
}

export default async function PlanRoute({ params }: Props) {
  const plan = await loadPlan((await params).id);
  if (!plan) notFound();
  return <PlanPage plan={plan} />;
}
