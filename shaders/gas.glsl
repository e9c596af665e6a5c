// Gas clouds: instanced low-poly ellipsoid puffs (five per cloud, see instances.build_gas),
// churned in the vertex shader by time; a rolling density field, light and glow are worked
// out per vertex (llvmpipe pays per fragment), the fragment stage only blends.
#if defined VERTEX_SHADER
in vec3 in_pos;
in vec3 in_nrm;
in mat4 i_model;
in vec4 i_color;
in vec4 i_params;
uniform mat4 u_vp;
uniform float u_time;
uniform vec3 u_eye;
uniform vec3 u_light_dir;
uniform vec3 u_light_col;
uniform vec3 u_amb_sky;
uniform float u_gas_glow;
uniform vec4 u_gas_col;
out float v_alpha;
out vec3 v_col;
void main() {
    float s = i_params.x * 17.0;
    float t = u_time;
    vec3 p = in_pos;
    float d = 0.16 * sin(p.x * 3.1 + t * 1.3 + s) * sin(p.y * 2.7 - t * 0.9 + s)
            + 0.10 * sin(p.z * 4.3 + t * 1.7 + s * 0.5);
    p += in_nrm * d;
    vec4 w = i_model * vec4(p, 1.0);
    vec3 n = normalize(mat3(i_model) * in_nrm);
    // slowly rolling density: two drifting sine fields, so the puff churns from inside
    vec3 q = w.xyz * 2.6 + vec3(0.0, 0.0, t * 0.3) + s;
    float m = sin(q.x + sin(q.y * 1.3 + t * 0.45)) * sin(q.y * 1.1 + sin(q.z * 1.7 - t * 0.3))
            * sin(q.z * 0.9 + q.x * 0.4);
    vec3 q2 = w.xyz * 6.3 - vec3(t * 0.2, -t * 0.15, t * 0.25) + s * 1.7;
    float m2 = sin(q2.x + sin(q2.z)) * sin(q2.y + sin(q2.x * 1.2));
    float dens = clamp(0.62 + 0.3 * m + 0.14 * m2, 0.0, 1.0);
    float lit = 0.5 + 0.5 * max(dot(n, u_light_dir), 0.0);
    vec3 base = u_gas_col.rgb * i_color.rgb;
    v_col = base * (u_amb_sky * 0.9 + u_light_col * lit * 0.85) + base * u_gas_glow * (0.7 + 0.3 * dens);
    // soft edges: nearly clear where the surface grazes the view, thickest face-on, where it is
    // also a little darker (the rim catches the light); per vertex too, so the fragment stage
    // -- what llvmpipe pays for most, and a still frame redraws only the gas -- just blends
    float edge = smoothstep(0.05, 0.95, abs(dot(n, normalize(u_eye - w.xyz))));
    float a = edge * dens * u_gas_col.a * i_color.a;
    v_col = v_col * mix(1.12, 0.78, edge * dens * u_gas_col.a * i_color.a / 0.6);
    v_alpha = a;
    gl_Position = u_vp * w;
}
#elif defined FRAGMENT_SHADER
in float v_alpha;
in vec3 v_col;
out vec4 f_color;
void main() {
    f_color = vec4(v_col, v_alpha);
}
#endif
