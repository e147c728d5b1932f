package io.crosscheck.agent.installer;

import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.crosscheck.agent.bootstrap.AgentConfig;
import io.crosscheck.agent.bootstrap.AgentControl;
import io.crosscheck.agent.bootstrap.Recorder;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.utility.JavaModule;

/**
 * Parses the agent's arguments, starts the recording and installs the advice with Byte Buddy
 * (relocated; this class and Byte Buddy live in the agent's own class loader, invisible to the
 * target). Retransformation, so that classes already loaded (a dynamic attach, or JDK classes loaded
 * before premain) are instrumented too; no class format changes, so the advice can be removed again.
 */
public final class Installer {
  private Installer() {}

  /** Called by {@code AgentMain} with the JVM's instrumentation. Never throws. */
  public static void install(Instrumentation inst, String args, boolean attached) {
    AgentConfig config;
    try {
      config = AgentConfig.parse(args);
    } catch (IllegalArgumentException e) {
      AgentControl.say(System.err, "not recording: " + e.getMessage());
      AgentControl.failed(outOf(args), e.getMessage());
      return;
    }
    // no sun.misc.Unsafe (JDK 24+ warns on its use); the shade plugin relocates this name to ours
    if (System.getProperty("net.bytebuddy.safe") == null) {
      System.setProperty("net.bytebuddy.safe", "true");
    }
    try {
      AgentControl.start(config);
    } catch (IOException | RuntimeException e) {
      AgentControl.say(System.err, "not recording: " + e.getMessage());
      return;
    }
    try {
      List<String> hooks = new ArrayList<>(config.hooks);
      AtomicInteger errors = new AtomicInteger();
      AgentBuilder builder = new AgentBuilder.Default()
          .disableClassFormatChanges()
          .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
          .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
          .with(AgentBuilder.TypeStrategy.Default.REDEFINE)
          .with(new Listener(errors))
          // the agent's own classes only (a generator may live in any package, even io.crosscheck.agent.*)
          .ignore(nameStartsWith("io.crosscheck.agent.bootstrap.").or(nameStartsWith("io.crosscheck.agent.installer."))
              .or(nameStartsWith("io.crosscheck.agent.shaded.")).or(named("io.crosscheck.agent.AgentMain"))
              .or(nameStartsWith("net.bytebuddy.")))
          .assureReadEdgeTo(inst, Recorder.class);
      if (config.hooks.contains(AgentConfig.HOOK_HTTP_URL_CONNECTION)) {
        builder = UrlConnectionAdvice.hooks(builder);
      }
      if (config.hooks.contains(AgentConfig.HOOK_JAVA_HTTP_CLIENT)) {
        builder = JavaHttpClientAdvice.hooks(builder);
      }
      if (config.hooks.contains(AgentConfig.HOOK_APACHE_HTTPCLIENT)) {
        builder = ApacheHttpClientAdvice.hooks(builder);
      }
      if (config.hooks.contains(AgentConfig.HOOK_HTTP_URL_CONNECTION)
          || config.hooks.contains(AgentConfig.HOOK_APACHE_HTTPCLIENT)) {
        builder = socketStreams(builder); // once, for both thread-bound families
      }
      if (config.reportedBy != null) {
        builder = builder.type(named(config.reportedBy.className))
            .transform(advice(ReportedAdvice.By.class, named(config.reportedBy.methodName).and(not(isAbstract()))));
        hooks.add("reportedBy:" + config.reportedBy);
      }
      if (config.reportedValue != null) {
        builder = builder.type(named(config.reportedValue.className))
            .transform(advice(ReportedAdvice.Value.class,
                named(config.reportedValue.methodName).and(not(isAbstract()))
                    .and(m -> m.getParameters().size() > Math.max(config.valueArg, config.valueEndArg))));
        hooks.add("reportedValue:" + config.reportedValue);
      }
      ResettableClassFileTransformer transformer = builder.installOn(inst);
      AgentControl.activate(hooks, () -> transformer.reset(inst, AgentBuilder.RedefinitionStrategy.RETRANSFORMATION));
      if (errors.get() > 0) {
        AgentControl.say(System.err, errors.get() + " instrumentation errors (see agent.log)");
      }
    } catch (Throwable t) {
      AgentControl.say(System.err, "not recording: instrumentation failed: " + t);
      AgentControl.log("instrumentation failed: " + t);
      AgentControl.stop("failed");
    }
  }

  private static Path outOf(String args) {
    if (args == null) {
      return null;
    }
    for (String part : args.split(",")) {
      if (part.startsWith("out=")) {
        try {
          return Paths.get(part.substring(4));
        } catch (RuntimeException e) {
          return null;
        }
      }
    }
    return null;
  }

  /**
   * The socket streams of {@code java.net.Socket}: the send start, first byte, last byte and byte
   * counts of the thread's current exchange (http-url-connection, apache-httpclient). {@code write(int)}
   * and {@code read()} delegate to the array forms on JDK 17 and 25: hooking them too would count twice.
   */
  private static AgentBuilder socketStreams(AgentBuilder builder) {
    return builder
        .type(named("java.net.Socket$SocketOutputStream"))
        .transform(advice(SocketAdvice.Write.class, named("write").and(takesArguments(3))))
        .type(named("java.net.Socket$SocketInputStream"))
        .transform(advice(SocketAdvice.Read.class, named("read").and(takesArguments(3))));
  }

  /** Inlines {@code adviceClass} into the {@code methods} of a matched type. */
  static AgentBuilder.Transformer advice(Class<?> adviceClass,
      ElementMatcher<? super MethodDescription> methods) {
    Advice advice = Advice.to(adviceClass);
    return (DynamicType.Builder<?> b, TypeDescription type, ClassLoader loader, JavaModule module,
        java.security.ProtectionDomain pd) -> b.visit(advice.on(methods));
  }

  /** Counts and logs what could not be instrumented; never throws. */
  private static final class Listener extends AgentBuilder.Listener.Adapter {
    private final AtomicInteger errors;

    Listener(AtomicInteger errors) {
      this.errors = errors;
    }

    @Override
    public void onTransformation(TypeDescription type, ClassLoader loader, JavaModule module, boolean loaded,
        DynamicType dynamicType) {
      AgentControl.log("instrumented " + type.getName() + (loaded ? " (retransformed)" : ""));
    }

    @Override
    public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable t) {
      errors.incrementAndGet();
      AgentControl.log("could not instrument " + typeName + ": " + t);
    }
  }
}
