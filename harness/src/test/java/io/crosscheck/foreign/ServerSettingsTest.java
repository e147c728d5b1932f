package io.crosscheck.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.crosscheck.record.JsonFiles;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The servers' records are written with the bytes of the maps they replaced: the configuration's own
 * setting names, in the same order.
 */
class ServerSettingsTest {
  private static String json(Object value) throws Exception {
    return JsonFiles.mapper().writeValueAsString(value);
  }

  @Test
  void lighttpdsSettingsKeepTheirConfigurationNames() throws Exception {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("server.max-worker", 2);
    m.put("server.max-fds", 4096);
    m.put("server.max-connections", 2048);
    m.put("keepAlive", "lighttpd defaults (server.max-keep-alive-requests 100, server.max-keep-alive-idle 5 s)");
    assertEquals(json(m), json(new LighttpdFlavour().settings()));
  }

  @Test
  void apachesSettingsKeepTheirDirectiveNames() throws Exception {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("mpm", "prefork");
    m.put("StartServers", 15);
    m.put("MinSpareServers", 5);
    m.put("MaxSpareServers", 15);
    m.put("ServerLimit", 256);
    m.put("MaxRequestWorkers", 256);
    m.put("KeepAlive", "On");
    m.put("KeepAliveTimeoutSeconds", 5);
    m.put("MaxKeepAliveRequests", 100);
    assertEquals(json(m), json(new ApachePreforkFlavour().settings()));
  }

  @Test
  void aServersDescriptionIsWrittenAsItsMapWas() throws Exception {
    ServerSettings settings = new LighttpdFlavour().settings();
    ForeignServer.Description d = new ForeignServer.Description("lighttpd", "lighttpd/1.4.69 (ssl)",
        "/usr/sbin/lighttpd", "/w/lighttpd.conf", "/w", "/w/docroot", "127.0.0.1", 8080,
        List.of("ip", "netns", "exec", "ns"), 1234L, settings);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", "lighttpd");
    m.put("version", "lighttpd/1.4.69 (ssl)");
    m.put("binary", "/usr/sbin/lighttpd");
    m.put("configFile", "/w/lighttpd.conf");
    m.put("workDir", "/w");
    m.put("docroot", "/w/docroot");
    m.put("bindAddress", "127.0.0.1");
    m.put("port", 8080);
    m.put("commandPrefix", List.of("ip", "netns", "exec", "ns"));
    m.put("masterPid", 1234L);
    m.put("settings", settings);
    assertEquals(json(m), json(d));
  }
}
