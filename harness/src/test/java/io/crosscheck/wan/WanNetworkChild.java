package io.crosscheck.wan;

import io.crosscheck.foreign.ForeignServer;
import io.crosscheck.foreign.ForeignServerSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A child JVM for {@link WanNetworkTest}: opens a network with the profiles given as arguments,
 * prints {@code open CLIENT_NS SERVER_NS} and waits (at most 60 s) to be signalled, so the test can
 * check what a SIGINT or SIGKILL leaves behind. With {@code --lighttpd DIR} first, it starts lighttpd
 * in the server namespace first, as {@code study wan} does (then the line ends with {@code lighttpd
 * MASTER_PID}).
 */
public final class WanNetworkChild {
  private WanNetworkChild() {}

  public static void main(String[] args) throws Exception {
    List<WanProfile> profiles = new ArrayList<>();
    Path serverDir = null;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--lighttpd")) {
        serverDir = Path.of(args[++i]);
      } else {
        profiles.add(WanProfile.parse(args[i]));
      }
    }
    WanNetwork network = WanNetwork.open(profiles, 1);
    String server = "";
    if (serverDir != null) {
      Path docroot = Files.createDirectories(serverDir.resolve("docroot"));
      Files.writeString(docroot.resolve("index.html"), "ok\n");
      ForeignServer s = ForeignServer.start(ForeignServer.Kind.of("lighttpd"), ForeignServerSpec.in(serverDir)
          .withDocroot(docroot).withBindAddress(network.serverAddress()).withPort(18_081)
          .withCommandPrefix(WanNetwork.inNamespace(network.serverNamespace(), List.of())));
      server = " lighttpd " + s.masterPid();
    }
    System.out.println("open " + network.clientNamespace() + " " + network.serverNamespace() + server);
    System.out.flush();
    Thread.sleep(60_000);
  }
}
