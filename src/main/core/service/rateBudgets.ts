// One rate budget per profile: the service counts requests per profile, so two clients' profiles
// never wait for each other, and every call for the same profile draws from the same budget.
import type { CallTarget } from './credentials.ts';
import { RateBudget, type RateBudgetOptions } from './rateBudget.ts';

export class RateBudgets {
  private readonly budgets = new Map<string, RateBudget>();
  private readonly options: RateBudgetOptions;

  constructor(options: RateBudgetOptions) {
    this.options = options;
  }

  for(target: CallTarget): RateBudget {
    // Ids only: the map key is not a secret, and the primary profile has a slot of its own.
    const key = `${target.accountId}\u0000${target.profileId ?? ''}`;
    let budget = this.budgets.get(key);
    if (!budget) {
      budget = new RateBudget(this.options);
      this.budgets.set(key, budget);
    }
    return budget;
  }
}
