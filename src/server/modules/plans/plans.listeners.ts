import { subscriberConfirmed } from '../newsletters/subscriptions.events';
import { activateReadersOfSubscription } from './plan-readers.service';
import { planTopicSlug } from './plans.service';

// What the reading plans hear (docs/decisions/050-reading-plans.md): a reader by mail alone confirmed
// their address on the newsletters' confirmation page — their plan starts at once (the sender's sweep
// would start it within seconds anyway). The runtime calls this as it starts, in every process.

const PLAN_TOPIC = new RegExp(`^${planTopicSlug('')}[0-9a-f-]{36}$`);

let listening = false;

export function listenForPlanConfirmations(): void {
  if (listening) return;
  listening = true;
  subscriberConfirmed.on(async ({ topic, subscriptionId }) => {
    if (PLAN_TOPIC.test(topic)) await activateReadersOfSubscription(subscriptionId);
  });
}
