package io.crosscheck.rubis;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * rubis-compat's place beside the spine (DESIGN.md §3, STYLE.md): it turns RUBiS inputs into
 * {@code model} objects and hosts the embedded RUBiS server; every engine runs its workloads
 * unchanged, so it holds no engine code. Main classes only.
 */
@AnalyzeClasses(packages = "io.crosscheck.rubis", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
  @ArchTest
  static final ArchRule rubisCompatHasNoEngineCode =
      noClasses().that().resideInAPackage("io.crosscheck.rubis..")
          .should().dependOnClassesThat().resideInAPackage("io.crosscheck.engine..")
          .because("STYLE.md: \"rubis-compat turns RUBiS inputs into model objects and hosts the embedded"
              + " server; it has no engine code\"");
}
