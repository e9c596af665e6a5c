// The table top: a baked albedo texture (walnut planks, the earthen board mat; see
// game/render/table.py) lit by the sun with shadows near the board, fogged far away.
// The mesh is a subdivided grid so light-space coordinates and fog are per vertex.
#if defined VERTEX_SHADER
in vec3 in_pos;
uniform mat4 u_vp;
uniform mat4 u_light_vp;
uniform float u_extent;
out vec2 v_uv;
out vec3 v_lpos;
out float v_fog;
void main() {
    v_uv = in_pos.xy / (2.0 * u_extent) + 0.5;
    v_lpos = (u_light_vp * vec4(in_pos, 1.0)).xyz * 0.5 + 0.5 - vec3(0.0, 0.0, 0.002);
    v_fog = smoothstep(120.0, 560.0, dot(in_pos.xy, in_pos.xy));
    gl_Position = u_vp * vec4(in_pos, 1.0);
}
#elif defined FRAGMENT_SHADER
uniform vec3 u_light_dir;
uniform vec3 u_light_col;
uniform vec3 u_amb_sky;
uniform vec3 u_fog_col;
uniform sampler2DShadow u_shadow;
uniform sampler2D u_albedo;
uniform vec4 u_shadow_rect;     // (xmin, ymin, xmax, ymax) in texture space: where shadows can fall
in vec2 v_uv;
in vec3 v_lpos;
in float v_fog;
out vec4 f_color;
void main() {
    vec3 albedo = texture(u_albedo, v_uv).rgb;
    float sh = 1.0;
    if (all(greaterThan(v_uv, u_shadow_rect.xy)) && all(lessThan(v_uv, u_shadow_rect.zw))) {
        sh = texture(u_shadow, v_lpos);
    }
    vec3 col = albedo * (u_amb_sky + u_light_col * (u_light_dir.z * sh));
    f_color = vec4(mix(col, u_fog_col, v_fog), 1.0);
}
#endif
