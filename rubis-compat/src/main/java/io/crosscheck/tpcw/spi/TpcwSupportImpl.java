package io.crosscheck.tpcw.spi;

import io.crosscheck.model.spec.SpecException;
import io.crosscheck.server.ConnectionLimits;
import io.crosscheck.spi.EmbeddedSite;
import io.crosscheck.spi.TpcwSupport;
import io.crosscheck.tpcw.TpcwWorkload;
import io.crosscheck.tpcw.server.TpcwServer;
import io.crosscheck.tpcw.server.TpcwServerConfig;
import java.util.List;

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
    TpcwServer server = TpcwServer.start(TpcwServerConfig.defaults().withBindAddress(bindAddress).withPort(port)
        .withLogRequests(logRequests).withDatabase(customers, items), limits);
    return new EmbeddedSite() {
      @Override
      public int port() {
        return server.port();
      }

      @Override
      public List<String> reachableAddresses() {
        return server.reachableAddresses();
      }

      @Override
      public String baseUrl() {
        return server.baseUrl();
      }

      @Override
      public String describeCounters() {
        return server.counters().describe() + "; " + server.counters().describeShed();
      }

      @Override
      public void close() {
        server.close();
      }
    };
  }
}
