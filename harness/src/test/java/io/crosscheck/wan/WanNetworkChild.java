package io.crosscheck.wan;

import java.util.ArrayList;
import java.util.List;

/**
 * A child JVM for {@link WanNetworkTest}: opens a network with the profiles given as arguments,
 * prints {@code open CLIENT_NS SERVER_NS} and waits (at most 60 s) to be signalled, so the test can
 * check what a SIGINT or SIGKILL leaves behind.
 */
public final class WanNetworkChild {
  private WanNetworkChild() {}

  public static void main(String[] args) throws Exception {
    List<WanProfile> profiles = new ArrayList<>();
    for (String a : args) {
      profiles.add(WanProfile.parse(a));
    }
    WanNetwork network = WanNetwork.open(profiles, 1);
    System.out.println("open " + network.clientNamespace() + " " + network.serverNamespace());
    System.out.flush();
    Thread.sleep(60_000);
  }
}
