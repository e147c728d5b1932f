package io.crosscheck.agent;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.JarFile;

/**
 * The agent's entry point, and all of what the target's class path sees of it: {@code premain}
 * ({@code -javaagent:crosscheck-agent.jar=ARGS}) and {@code agentmain} (a dynamic attach) only put the
 * nested bootstrap jar on the bootstrap class path, load the installer (and its relocated Byte Buddy)
 * in a class loader of the agent's own, and hand it the {@link Instrumentation}. Nothing here throws
 * into the target: a failure is one line on stderr and the target runs on unharmed.
 */
public final class AgentMain {
  private static final String CONTROL = "io.crosscheck.agent.bootstrap.AgentControl";
  private static ClassLoader installerLoader;

  private AgentMain() {}

  public static void premain(String args, Instrumentation inst) {
    start(args, inst, false);
  }

  public static void agentmain(String args, Instrumentation inst) {
    start(args, inst, true);
  }

  private static synchronized void start(String args, Instrumentation inst, boolean attached) {
    try {
      if (args != null && args.trim().equals("stop")) {
        Class<?> control;
        try {
          control = Class.forName(CONTROL, true, null);
        } catch (ClassNotFoundException e) {
          System.err.println("crosscheck-agent: stop: no recording runs in this JVM");
          return;
        }
        control.getMethod("stop", String.class).invoke(null, "stop");
        return;
      }
      ensureBootstrap(inst);
      if (installerLoader == null) {
        installerLoader = new URLClassLoader(new URL[] {extract("installer.jar").toUri().toURL()},
            ClassLoader.getPlatformClassLoader());
      }
      Class<?> installer = Class.forName("io.crosscheck.agent.installer.Installer", true, installerLoader);
      installer.getMethod("install", Instrumentation.class, String.class, boolean.class)
          .invoke(null, inst, args, attached);
    } catch (Throwable t) {
      Throwable cause = t instanceof java.lang.reflect.InvocationTargetException && t.getCause() != null
          ? t.getCause() : t;
      System.err.println("crosscheck-agent: not recording: " + cause);
    }
  }

  private static void ensureBootstrap(Instrumentation inst) throws IOException {
    try {
      Class.forName(CONTROL, false, null);
      return; // appended by an earlier attach
    } catch (ClassNotFoundException e) {
      // first time in this JVM
    }
    inst.appendToBootstrapClassLoaderSearch(new JarFile(extract("bootstrap.jar").toFile()));
  }

  private static Path extract(String name) throws IOException {
    try (InputStream in = AgentMain.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IOException("the agent jar has no nested " + name + " (built without the package phase?)");
      }
      Path file = Files.createTempFile("crosscheck-agent-" + name.replace(".jar", "") + "-", ".jar");
      Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
      new File(file.toString()).deleteOnExit();
      return file;
    }
  }
}
