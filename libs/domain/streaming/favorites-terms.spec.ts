import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import { favoritesDecider } from './favorites.js';
import { termsDecider } from './terms.js';

const now = '2026-03-01T10:00:00.000Z';

describe('favourites decider', () => {
  const given = givenWhenThen(favoritesDecider);
  const added = { type: 'FavoriteAdded' as const, data: { customerId: 'c-1', productId: 250, addedAt: now } };

  it('adds a favourite', () => {
    given().when({ type: 'AddFavorite', customerId: 'c-1', productId: 250, now }).then(added);
  });
  it('adding it again records nothing', () => {
    given(added).when({ type: 'AddFavorite', customerId: 'c-1', productId: 250, now }).then();
  });
  it('removes a favourite', () => {
    given(added)
      .when({ type: 'RemoveFavorite', customerId: 'c-1', productId: 250, now })
      .then({ type: 'FavoriteRemoved', data: { customerId: 'c-1', productId: 250, removedAt: now } });
  });
  it('removing one that is not there records nothing; after removal it can be added again', () => {
    given().when({ type: 'RemoveFavorite', customerId: 'c-1', productId: 250, now }).then();
    given(added, { type: 'FavoriteRemoved', data: { customerId: 'c-1', productId: 250, removedAt: now } })
      .when({ type: 'AddFavorite', customerId: 'c-1', productId: 250, now })
      .then(added);
  });
});

describe('terms decider', () => {
  const given = givenWhenThen(termsDecider);
  const accepted = { type: 'TermsAccepted' as const, data: { customerId: 'c-1', productId: 215, acceptedAt: now } };

  it('accepting records TermsAccepted per product', () => {
    given().when({ type: 'AcceptTerms', customerId: 'c-1', productId: 215, hasTerms: true, now }).then(accepted);
  });
  it('accepting again records nothing', () => {
    given(accepted).when({ type: 'AcceptTerms', customerId: 'c-1', productId: 215, hasTerms: true, now }).then();
  });
  it('a product without terms has nothing to accept: nothing is recorded', () => {
    given().when({ type: 'AcceptTerms', customerId: 'c-1', productId: 250, hasTerms: false, now }).then();
  });
});
