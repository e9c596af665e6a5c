// Shared lighting library (included by the program files; not a program itself).
// Sun/moon: one directional light with a shadow map (hardware 2x2 PCF), a sky/ground
// hemisphere ambient, a satin highlight and distance fog towards the background colour.
uniform mat4 u_light_vp;
uniform vec3 u_light_dir;     // towards the light
uniform vec3 u_light_col;
uniform vec3 u_amb_sky;
uniform vec3 u_amb_ground;
uniform vec3 u_eye;
uniform vec3 u_fog_col;
uniform sampler2DShadow u_shadow;

// Light-space coordinates (shadow map lookup) of a world point, offset along its normal;
// the light is orthographic, so the vertex stage computes this and it interpolates exactly.
vec3 light_coords(vec3 wpos, vec3 n) {
    return (u_light_vp * vec4(wpos + n * 0.03, 1.0)).xyz * 0.5 + 0.5 - vec3(0.0, 0.0, 0.002);
}

float fog_factor(vec3 wpos) {
    return smoothstep(120.0, 560.0, dot(wpos.xy, wpos.xy));
}

vec3 shade(vec3 albedo, vec3 n, vec3 wpos, vec3 lpos, float ao, float gloss) {
    float ndl = dot(n, u_light_dir);
    float sh = ndl > 0.0 ? texture(u_shadow, lpos) * ndl : 0.0;
    vec3 amb = mix(u_amb_ground, u_amb_sky, n.z * 0.5 + 0.5) * ao;
    vec3 v = normalize(u_eye - wpos);
    vec3 h = normalize(v + u_light_dir);
    float nh = max(dot(n, h), 0.0);
    nh *= nh; nh *= nh; nh *= nh; nh *= nh;          // ^16
    float rim = 1.0 - max(dot(n, v), 0.0);
    rim = rim * rim * rim * 0.3;
    return albedo * (amb + u_light_col * sh + u_amb_sky * rim) + u_light_col * (nh * gloss * sh);
}
