// Trench floors: the dug earth at the bottom of every cell of height 0, darkened towards
// each side that is closed by a neighbouring cube (ambient occlusion computed per vertex
// on a subdivided quad).  Instance: model matrix, colour = closed sides (w, e, s, n).
#if defined VERTEX_SHADER
in vec3 in_pos;
in mat4 i_model;
in vec4 i_color;
uniform mat4 u_vp;
out vec3 v_wpos;
out float v_ao;
void main() {
    vec2 f = in_pos.xy + 0.5;                      // 0..1 across the cell
    float s = 1.0;
    s *= mix(1.0, smoothstep(-0.08, 0.55, f.x), i_color.x);
    s *= mix(1.0, smoothstep(-0.08, 0.55, 1.0 - f.x), i_color.y);
    s *= mix(1.0, smoothstep(-0.08, 0.55, f.y), i_color.z);
    s *= mix(1.0, smoothstep(-0.08, 0.55, 1.0 - f.y), i_color.w);
    v_ao = mix(0.3, 1.0, s);
    vec4 w = i_model * vec4(in_pos, 1.0);
    v_wpos = w.xyz;
    gl_Position = u_vp * w;
}
#elif defined FRAGMENT_SHADER
uniform mat4 u_light_vp;
uniform vec3 u_light_dir;
uniform vec3 u_light_col;
uniform vec3 u_amb_sky;
uniform sampler2DShadow u_shadow;
in vec3 v_wpos;
in float v_ao;
out vec4 f_color;
void main() {
    vec2 p = v_wpos.xy * 9.0;
    float clod = 0.9 + 0.1 * sin(p.x + sin(p.y * 1.3)) * sin(p.y * 0.9 + sin(p.x * 1.7));
    vec3 albedo = vec3(0.22, 0.155, 0.10) * clod;
    vec3 q = (u_light_vp * vec4(v_wpos, 1.0)).xyz * 0.5 + 0.5;
    float sh = texture(u_shadow, vec3(q.xy, q.z - 0.002));
    vec3 col = albedo * (u_amb_sky * v_ao + u_light_col * (u_light_dir.z * sh * (0.4 + 0.6 * v_ao)));
    f_color = vec4(col, 1.0);
}
#endif
