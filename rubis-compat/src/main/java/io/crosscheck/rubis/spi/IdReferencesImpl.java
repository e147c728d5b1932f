package io.crosscheck.rubis.spi;

import io.crosscheck.rubis.server.RubisIdReferences;
import io.crosscheck.spi.IdReferences;
import io.crosscheck.tpcw.server.TpcwIdReferences;
import java.util.List;

/**
 * The harness's view of the ids RUBiS and TPC-W client requests name ({@link IdReferences},
 * registered for {@link java.util.ServiceLoader}): a TPC-W servlet request's customer and item, a
 * RUBiS request's user. Stateless.
 */
public final class IdReferencesImpl implements IdReferences {
  @Override
  public List<IdReference> references(String url) {
    if (url == null) {
      return List.of();
    }
    return url.contains("/TPCW_") ? TpcwIdReferences.references(url) : RubisIdReferences.references(url);
  }
}
