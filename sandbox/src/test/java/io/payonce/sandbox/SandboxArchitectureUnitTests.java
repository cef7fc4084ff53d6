package io.payonce.sandbox;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The sandbox implements the protocols itself; the SDKs are its clients in tests only. */
@AnalyzeClasses(
    packages = "io.payonce.sandbox",
    importOptions = ImportOption.DoNotIncludeTests.class)
class SandboxArchitectureUnitTests {

  @ArchTest
  static final ArchRule neverUsesTheAlipaySdk =
      noClasses().should().dependOnClassesThat().resideInAPackage("com.alipay..");

  @ArchTest
  static final ArchRule neverUsesTheWechatPaySdk =
      noClasses().should().dependOnClassesThat().resideInAPackage("com.wechat.pay..");

  @ArchTest
  static final ArchRule neverUsesWxJava =
      noClasses()
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("com.github.binarywang..", "me.chanjar..");

  @ArchTest
  static final ArchRule usesJackson3Only =
      noClasses()
          .should()
          .dependOnClassesThat()
          .resideInAPackage("com.fasterxml.jackson.databind..");
}
