package io.crosscheck.foreign;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * lighttpd as the study ran it: 2 worker processes ({@code server.max-worker = 2}) each with its own
 * event loop, 4,096 descriptors and 2,048 connections, lighttpd's keep-alive defaults (100
 * requests, 5 s idle), no modules beyond the built-in static file handler, no access log.
 *
 * <p>As root it drops to www-data, and opens its error log only after that: the log file is created
 * beforehand and given to www-data.
 */
final class LighttpdFlavour implements ServerFlavour {
  static final int MAX_WORKERS = 2;
  static final int MAX_FDS = 4096;
  static final int MAX_CONNECTIONS = 2048;

  @Override
  public String kind() {
    return "lighttpd";
  }

  @Override
  public String debianPackage() {
    return "lighttpd";
  }

  @Override
  public Path binary() {
    return Path.of("/usr/sbin/lighttpd");
  }

  @Override
  public Path writeConfig(ForeignServerSpec spec, int port, boolean asRoot) throws IOException {
    Path work = spec.workDir();
    Path log = errorLog(work);
    Files.deleteIfExists(log);
    Files.createFile(log);
    StringBuilder c = new StringBuilder();
    c.append("# written by crosscheck (io.crosscheck.foreign): self-contained, reads no /etc/lighttpd file\n");
    c.append("server.document-root = ").append(quote(spec.docroot())).append('\n');
    c.append("server.bind = ").append(quote(spec.bindAddress())).append('\n');
    c.append("server.port = ").append(port).append('\n');
    c.append("server.pid-file = ").append(quote(pidFile(work))).append('\n');
    c.append("server.errorlog = ").append(quote(log)).append('\n');
    if (asRoot) {
      c.append("server.username = \"www-data\"\nserver.groupname = \"www-data\"\n");
      Files.setOwner(log, log.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("www-data"));
    }
    c.append("server.max-worker = ").append(MAX_WORKERS).append('\n');
    c.append("server.max-fds = ").append(MAX_FDS).append('\n');
    c.append("server.max-connections = ").append(MAX_CONNECTIONS).append('\n');
    c.append("server.modules = ()\n");
    c.append("index-file.names = ( \"index.html\" )\n");
    c.append("mimetype.assign = ( \".html\" => \"text/html\", \".jpg\" => \"image/jpeg\", \".gif\" => \"image/gif\",")
        .append(" \".css\" => \"text/css\", \"\" => \"application/octet-stream\" )\n");
    Path config = work.resolve("lighttpd.conf");
    Files.writeString(config, c);
    return config;
  }

  @Override
  public List<String> command(Path config) {
    return List.of(binary().toString(), "-D", "-f", config.toString());
  }

  @Override
  public Path pidFile(Path workDir) {
    return workDir.resolve("lighttpd.pid");
  }

  @Override
  public Path errorLog(Path workDir) {
    return workDir.resolve("error.log");
  }

  @Override
  public int startWorkers() {
    return MAX_WORKERS;
  }

  @Override
  public ServerSettings settings() {
    return new ServerSettings.Lighttpd(MAX_WORKERS, MAX_FDS, MAX_CONNECTIONS,
        "lighttpd defaults (server.max-keep-alive-requests 100, server.max-keep-alive-idle 5 s)");
  }

  static String quote(Object value) {
    return "\"" + value.toString().replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
