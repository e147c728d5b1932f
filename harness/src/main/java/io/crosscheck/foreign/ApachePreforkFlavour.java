package io.crosscheck.foreign;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Apache 2.4 with the prefork MPM, self-contained: {@code apache2 -f CONF -DFOREGROUND} with our
 * own configuration, which loads its few modules from {@code /usr/lib/apache2/modules} and reads
 * nothing from {@code /etc/apache2} (no envvars needed: every path is absolute).
 *
 * <p>The pool: {@code StartServers 15} (the study's "default pool start of 15"), {@code
 * MinSpareServers 5}, {@code MaxSpareServers 15}, {@code ServerLimit}/{@code MaxRequestWorkers 256}.
 * MaxSpareServers is 15, not Apache's default 10, so that an idle server keeps the 15 children it
 * started with instead of killing 5 of them in its first seconds (a cell would otherwise start
 * with a pool that depends on how long it sat idle); MinSpareServers 5 makes it grow only on demand,
 * once fewer than 5 children are idle, at the MPM's own pace (1, 2, 4, ... up to 32 new children
 * per second), which is the worker-spawn delay the study measures. KeepAlive On, 5 s, 100
 * requests. As root the children run as www-data. No access log.
 */
final class ApachePreforkFlavour implements ServerFlavour {
  static final int START_SERVERS = 15;
  static final int MIN_SPARE_SERVERS = 5;
  static final int MAX_SPARE_SERVERS = 15;
  static final int MAX_REQUEST_WORKERS = 256;
  static final int KEEP_ALIVE_TIMEOUT_SECONDS = 5;
  static final int MAX_KEEP_ALIVE_REQUESTS = 100;
  private static final Path MODULES = Path.of("/usr/lib/apache2/modules");
  private static final List<String> MODULE_NAMES =
      List.of("mpm_prefork", "authz_core", "mime", "dir");

  @Override
  public String kind() {
    return "apache-prefork";
  }

  @Override
  public String debianPackage() {
    return "apache2";
  }

  @Override
  public Path binary() {
    return Path.of("/usr/sbin/apache2");
  }

  @Override
  public Path writeConfig(ForeignServerSpec spec, int port, boolean asRoot) throws IOException {
    Path work = spec.workDir();
    Path run = work.resolve("run");
    Files.createDirectories(run);
    Path mimeTypes = work.resolve("mime.types");
    Files.writeString(mimeTypes, "text/html html htm\nimage/jpeg jpg jpeg\nimage/gif gif\ntext/css css\n");
    StringBuilder c = new StringBuilder();
    c.append("# written by crosscheck (io.crosscheck.foreign): self-contained, reads no /etc/apache2 file\n");
    c.append("ServerRoot ").append(q(work)).append('\n');
    c.append("DefaultRuntimeDir ").append(q(run)).append('\n');
    c.append("PidFile ").append(q(pidFile(work))).append('\n');
    c.append("ErrorLog ").append(q(errorLog(work))).append('\n');
    c.append("LogLevel notice\n");
    for (String m : MODULE_NAMES) {
      c.append("LoadModule ").append(m).append("_module ").append(q(MODULES.resolve("mod_" + m + ".so"))).append('\n');
    }
    if (asRoot) {
      c.append("User www-data\nGroup www-data\n");
    }
    c.append("ServerName ").append(spec.bindAddress()).append('\n');
    c.append("Listen ").append(spec.bindAddress()).append(':').append(port).append('\n');
    c.append("StartServers ").append(START_SERVERS).append('\n');
    c.append("MinSpareServers ").append(MIN_SPARE_SERVERS).append('\n');
    c.append("MaxSpareServers ").append(MAX_SPARE_SERVERS).append('\n');
    c.append("ServerLimit ").append(MAX_REQUEST_WORKERS).append('\n');
    c.append("MaxRequestWorkers ").append(MAX_REQUEST_WORKERS).append('\n');
    c.append("MaxConnectionsPerChild 0\n");
    c.append("KeepAlive On\nKeepAliveTimeout ").append(KEEP_ALIVE_TIMEOUT_SECONDS).append('\n');
    c.append("MaxKeepAliveRequests ").append(MAX_KEEP_ALIVE_REQUESTS).append('\n');
    c.append("TypesConfig ").append(q(mimeTypes)).append('\n');
    c.append("DocumentRoot ").append(q(spec.docroot())).append('\n');
    c.append("<Directory />\n  AllowOverride None\n  Require all denied\n</Directory>\n");
    c.append("<Directory ").append(q(spec.docroot())).append(">\n  Require all granted\n</Directory>\n");
    c.append("DirectoryIndex index.html\n");
    Path config = work.resolve("apache2.conf");
    Files.writeString(config, c);
    return config;
  }

  @Override
  public List<String> command(Path config) {
    return List.of(binary().toString(), "-f", config.toString(), "-DFOREGROUND");
  }

  @Override
  public Path pidFile(Path workDir) {
    return workDir.resolve("apache2.pid");
  }

  @Override
  public Path errorLog(Path workDir) {
    return workDir.resolve("error.log");
  }

  @Override
  public int startWorkers() {
    return START_SERVERS;
  }

  @Override
  public ServerSettings settings() {
    return new ServerSettings.ApachePrefork("prefork", START_SERVERS, MIN_SPARE_SERVERS, MAX_SPARE_SERVERS,
        MAX_REQUEST_WORKERS, MAX_REQUEST_WORKERS, "On", KEEP_ALIVE_TIMEOUT_SECONDS, MAX_KEEP_ALIVE_REQUESTS);
  }

  private static String q(Object value) {
    return LighttpdFlavour.quote(value);
  }
}
