// Gas clouds: instanced low-poly ellipsoid puffs, churned in the vertex shader by time,
// soft-edged and mottled in the fragment shader; translucent, glowing a little at night.
#if defined VERTEX_SHADER
in vec3 in_pos;
in vec3 in_nrm;
in float in_tag;
in mat4 i_model;
in vec4 i_color;
in vec4 i_params;
uniform mat4 u_vp;
uniform float u_time;
out vec3 v_wpos;
out vec3 v_nrm;
out vec3 v_local;
flat out vec4 v_color;
flat out float v_seed;
void main() {
    float s = i_params.x * 17.0;
    float t = u_time;
    vec3 p = in_pos;
    float d = 0.16 * sin(p.x * 3.1 + t * 1.3 + s) * sin(p.y * 2.7 - t * 0.9 + s)
            + 0.10 * sin(p.z * 4.3 + t * 1.7 + s * 0.5) + in_tag * 0.0;
    p += in_nrm * d;
    vec4 w = i_model * vec4(p, 1.0);
    v_wpos = w.xyz;
    v_nrm = normalize(mat3(i_model) * in_nrm);
    v_local = p;
    v_color = i_color;
    v_seed = s;
    gl_Position = u_vp * w;
}
#elif defined FRAGMENT_SHADER
uniform vec3 u_eye;
uniform vec3 u_light_dir;
uniform vec3 u_light_col;
uniform vec3 u_amb_sky;
uniform float u_gas_glow;
uniform vec4 u_gas_col;
uniform float u_time;
in vec3 v_wpos;
in vec3 v_nrm;
in vec3 v_local;
flat in vec4 v_color;
flat in float v_seed;
out vec4 f_color;
void main() {
    vec3 n = normalize(v_nrm);
    vec3 v = normalize(u_eye - v_wpos);
    float ndv = abs(dot(n, v));
    // slowly rolling density: two drifting sine fields, so the puff churns from inside
    vec3 q = v_wpos * 2.6 + vec3(0.0, 0.0, u_time * 0.3) + v_seed;
    float m = sin(q.x + sin(q.y * 1.3 + u_time * 0.45)) * sin(q.y * 1.1 + sin(q.z * 1.7 - u_time * 0.3))
            * sin(q.z * 0.9 + q.x * 0.4);
    vec3 q2 = v_wpos * 6.3 - vec3(u_time * 0.2, -u_time * 0.15, u_time * 0.25) + v_seed * 1.7;
    float m2 = sin(q2.x + sin(q2.z)) * sin(q2.y + sin(q2.x * 1.2));
    float dens = clamp(0.62 + 0.3 * m + 0.14 * m2, 0.0, 1.0);
    // soft edges: nearly clear where the surface grazes the view, thickest face-on
    float edge = smoothstep(0.05, 0.95, ndv);
    float a = u_gas_col.a * v_color.a * edge * dens;
    float lit = 0.5 + 0.5 * max(dot(n, u_light_dir), 0.0);
    vec3 base = u_gas_col.rgb * v_color.rgb;
    // thicker (face-on, dense) parts a little darker, the rim catching the light
    float shade = mix(1.12, 0.78, edge * dens);
    vec3 col = base * (u_amb_sky * 0.9 + u_light_col * lit * 0.85) * shade
             + base * u_gas_glow * (0.7 + 0.3 * dens);
    f_color = vec4(col, a);
}
#endif
