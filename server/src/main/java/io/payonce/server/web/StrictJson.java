package io.payonce.server.web;

import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.cfg.MutableCoercionConfig;
import tools.jackson.databind.type.LogicalType;

/**
 * Request bodies are read as written: a number or a boolean is not a string. Jackson would turn
 * {@code "orderNo": 42} into the order number "42" and {@code "amount": 453} into "453"; a client
 * that sends the wrong type is told so (a validation problem naming the field) instead. A key given
 * twice ({@code {"orderNo":"A","orderNo":"B"}}) is refused, not read as its last value: what one
 * reader of the body (a proxy, a log, the merchant's own checks) takes for A, PayOnce must not take
 * for B.
 */
@Configuration(proxyBeanMethods = false)
class StrictJson {

  @Bean
  JsonMapperBuilderCustomizer noDuplicateKeys() {
    return builder -> builder.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
  }

  /**
   * Nor is a text, a number or a boolean any other of them: {@code "refresh": 1}, {@code "true"},
   * {@code ""} are not true or false, {@code "12"} and {@code 1.5} are not whole numbers, {@code 0}
   * names no enum constant. Each is the client's mistake, answered with a validation problem naming
   * the field, before anything changes.
   */
  @Bean
  JsonMapperBuilderCustomizer noCoercedScalars() {
    return builder ->
        builder
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(EnumFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .withCoercionConfig(
                LogicalType.Boolean,
                config ->
                    fail(
                        config,
                        CoercionInputShape.Integer,
                        CoercionInputShape.Float,
                        CoercionInputShape.String,
                        CoercionInputShape.EmptyString))
            .withCoercionConfig(
                LogicalType.Integer,
                config ->
                    fail(
                        config,
                        CoercionInputShape.Float,
                        CoercionInputShape.Boolean,
                        CoercionInputShape.String,
                        CoercionInputShape.EmptyString))
            .withCoercionConfig(
                LogicalType.Float,
                config ->
                    fail(
                        config,
                        CoercionInputShape.Boolean,
                        CoercionInputShape.String,
                        CoercionInputShape.EmptyString))
            .withCoercionConfig(
                LogicalType.Enum,
                config ->
                    fail(
                        config,
                        CoercionInputShape.Integer,
                        CoercionInputShape.Float,
                        CoercionInputShape.Boolean,
                        CoercionInputShape.EmptyString));
  }

  private static void fail(MutableCoercionConfig config, CoercionInputShape... shapes) {
    for (CoercionInputShape shape : shapes) {
      config.setCoercion(shape, CoercionAction.Fail);
    }
  }

  @Bean
  JsonMapperBuilderCustomizer noScalarsAsText() {
    return builder ->
        builder.withCoercionConfig(
            LogicalType.Textual,
            config ->
                config
                    .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail));
  }
}
