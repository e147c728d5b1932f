package io.crosscheck.foreign;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** What differs between the foreign servers: binary, configuration file, worker pool. */
interface ServerFlavour {
  /** "lighttpd" or "apache-prefork". */
  String kind();

  /** The Debian package that holds {@link #binary()}. */
  String debianPackage();

  /** Absolute path of the server binary. */
  Path binary();

  /** Writes the configuration for {@code spec} on {@code port}; returns its path. */
  Path writeConfig(ForeignServerSpec spec, int port, boolean asRoot) throws IOException;

  /** The command that runs the server in the foreground with {@code config}. */
  List<String> command(Path config);

  /** Where the server writes its master pid. */
  Path pidFile(Path workDir);

  /** Where the server writes its errors. */
  Path errorLog(Path workDir);

  /** Worker processes right after a start (children of the master). */
  int startWorkers();

  /** The configuration's key settings, for {@link ForeignServer#describe()}. */
  ServerSettings settings();
}
