package io.payonce.server.web;

import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
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
