package io.crosscheck.tpcw.spi;

import io.crosscheck.model.spec.SpecException;
import io.crosscheck.server.ConnectionLimits;
import io.crosscheck.spi.EmbeddedSite;
import io.crosscheck.spi.TpcwSupport;
import io.crosscheck.tpcw.TpcwWorkload;
import io.crosscheck.tpcw.server.TpcwServer;
import io.crosscheck.tpcw.server.TpcwServerConfig;

/**
 * The harness's view of the TPC-W side of rubis-compat ({@link TpcwSupport}, registered for {@link
 * java.util.ServiceLoader}): the RBE's workload ({@link TpcwWorkload}) and the embedded bookstore.
 */
public final class TpcwSupportImpl implements TpcwSupport {
  @Override
  public TpcwWorkloadSpec workload(Options options) throws SpecException {
    return TpcwWorkload.build(options);
  }

  @Override
  public EmbeddedSite startServer(String bindAddress, int port, boolean logRequests, int customers, int items,
      ConnectionLimits limits) throws Exception {
    return TpcwServer.start(TpcwServerConfig.defaults().withBindAddress(bindAddress).withPort(port)
        .withLogRequests(logRequests).withDatabase(customers, items), limits);
  }
}
